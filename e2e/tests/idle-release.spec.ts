import { IDLE_MESSAGES, SESSION_POLICY_DEFAULTS } from '@autostudio/protocol';
import { engineSettings } from '../support/engine-api';
import { expect, test } from '../support/fixtures';
import { currentSession } from '../support/remote-control';

test.describe('an idle studio', () => {
  test('warns, gives its engine back after the countdown, and Resume puts the studio back as it was', async ({
    page,
    request,
    studio,
    enterStudio,
  }) => {
    // The page's clock is the test's: five minutes pass in a moment (the server's own clock is untouched).
    await page.clock.install();
    await enterStudio('Car');
    const paints = page.getByRole('radiogroup', { name: 'Paint' });
    await paints.getByRole('radio', { name: 'Glacier White' }).click();
    await expect.poll(async () => (await engineSettings()).Paint).toBe('glacier white');
    const before = (await currentSession(page, request)).sessionDetails;
    expect(before).toBeTruthy();

    const warning = page.getByRole('alertdialog', { name: IDLE_MESSAGES.title });
    await page.clock.fastForward(SESSION_POLICY_DEFAULTS.idleMs + 1000);
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/goes back to the pool in \d+ s/);
    // Any input is an answer: the warning goes and the engine stays.
    await page.mouse.move(200, 200);
    await expect(warning).toBeHidden();

    await page.clock.fastForward(SESSION_POLICY_DEFAULTS.idleMs + 1000);
    await expect(warning).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('idle-warning.png') });
    await page.clock.fastForward(SESSION_POLICY_DEFAULTS.countdownMs);
    const ended = page.getByTestId('stream-ended');
    await expect(ended).toContainText(IDLE_MESSAGES.released(SESSION_POLICY_DEFAULTS.idleMs));
    await expect(warning).toBeHidden();
    // Given back, not failed: the badge is calm, and the stream's close that follows does not turn it to Error.
    await expect(page.getByRole('status', { name: 'Session' })).toHaveAttribute('data-state', 'Disconnected');
    // The engine went back to the pool, and was reset there: the paint is the fresh car's again.
    await expect.poll(async () => (await currentSession(page, request)).success).toBe(false);
    await expect.poll(async () => (await engineSettings()).Paint).not.toBe('glacier white');
    await page.screenshot({ path: test.info().outputPath('idle-released.png') });

    await ended.getByRole('button', { name: IDLE_MESSAGES.resume }).click();
    await studio.waitForLive();
    await expect(page.getByRole('status', { name: 'Session' })).toContainText('Connected');
    await expect.poll(async () => (await engineSettings()).Paint, { timeout: 30_000 }).toBe('glacier white');
    await expect(paints.getByRole('radio', { name: 'Glacier White' })).toBeChecked();
    await studio.signOut();
  });
});
