import { REMOTE_SOCKET_PATH, SOCKET_MESSAGES } from '@autostudio/protocol';
import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from '../support/fixtures';

test.describe('a lost remote-control relay', () => {
  test('shows Reconnecting, then Failed with the panels disabled, and Reconnect brings the studio back', async ({
    page,
    enterStudio,
    studio,
  }) => {
    test.setTimeout(180_000);
    // The page's relay socket passes through here, so the network between browser and server can be cut.
    let reachable = true;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(new RegExp(`${REMOTE_SOCKET_PATH}$`), (socket) => {
      if (!reachable) return void socket.close({ code: 1011, reason: 'unreachable' });
      sockets.push(socket);
      socket.connectToServer();
    });
    await enterStudio('Camera');
    const badge = page.getByRole('status', { name: 'Session' });
    await expect(badge).toContainText('Connected');

    reachable = false;
    for (const socket of sockets.splice(0)) await socket.close({ code: 1006 });
    await expect(badge).toContainText('Reconnecting', { timeout: 10_000 });
    await page.screenshot({ path: test.info().outputPath('relay-reconnecting.png') });
    await expect(badge).toContainText(`Failed${SOCKET_MESSAGES.connectionFailed}`, { timeout: 60_000 });
    await expect(page.getByTestId('inspector')).toHaveAttribute('inert');
    await page.screenshot({ path: test.info().outputPath('relay-failed.png') });

    reachable = true;
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expect(badge).toContainText('Connected', { timeout: 30_000 });
    await expect(badge).not.toContainText('Failed');
    await expect(page.getByTestId('inspector')).not.toHaveAttribute('inert');
    // The engine answers the panels again: a crane drag moves the picture.
    const before = await studio.framesDecoded();
    await studio.dragCamera();
    await expect.poll(() => studio.framesDecoded(), { timeout: 30_000 }).toBeGreaterThan(before);
    await studio.signOut();
  });
});
