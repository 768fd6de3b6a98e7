import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAILURE_TOASTS, type ToneMapperName } from '@autostudio/protocol';
import { toast } from '@/lib/toast';
import { spyOnToasts } from '@/test/toasts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEngineStore } from '@/lib/engine';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { ToneMappingSection } from './tone-mapping-section';

beforeEach(spyOnToasts);

/** An engine that takes property writes, or refuses them; it records what it was sent. */
function propertyEngine({ refuse = false } = {}) {
  const writes: unknown[] = [];
  const client: RemoteTransport = {
    call: <T,>(url: string, body?: unknown) => {
      if (url !== '/remote/object/property') return Promise.reject(new Error(`unexpected ${url}`));
      writes.push(body);
      return refuse ? Promise.reject(new Error('refused')) : Promise.resolve({} as T);
    },
  };
  return { writes, api: new RemoteApi(client) };
}

const show = (toneMapper: ToneMapperName | null, api: RemoteApi | null = null) =>
  useEngineStore.setState({ status: 'ready', api, toneMapper });

/**
 * The engine's ToneMapper in the Look panel. An Unreal project need not have the property: the studio reads it
 * like any other, and an engine that does not say gets no choice rather than one that does nothing.
 */
describe('the Tone mapping choice', () => {
  afterEach(() => {
    useEngineStore.setState({ status: 'detached', api: null, toneMapper: null });
    vi.mocked(toast.error).mockClear();
  });

  it('is not there when the engine does not say which tone mapper it uses', () => {
    show(null);
    render(<ToneMappingSection />);
    expect(screen.queryByRole('group', { name: 'Tone mapping' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Neutral' })).not.toBeInTheDocument();
  });

  it("shows the engine's tone mapper among Neutral, AgX and ACES", () => {
    show('ACES');
    render(<ToneMappingSection />);
    expect(screen.getAllByRole('radio').map((item) => item.textContent)).toEqual(['Neutral', 'AgX', 'ACES']);
    expect(screen.getByRole('radio', { name: 'ACES' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Neutral' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Neutral keeps paint colours true.')).toBeInTheDocument();
  });

  it('writes the choice to the engine at once', async () => {
    const engine = propertyEngine();
    show('Neutral', engine.api);
    render(<ToneMappingSection />);
    await userEvent.click(screen.getByRole('radio', { name: 'AgX' }));
    expect(screen.getByRole('radio', { name: 'AgX' })).toHaveAttribute('aria-checked', 'true');
    expect(engine.writes).toEqual([
      expect.objectContaining({
        propertyName: 'ToneMapper',
        propertyValue: { ToneMapper: 'AgX' },
        access: 'WRITE_ACCESS',
      }),
    ]);
    expect(useEngineStore.getState().toneMapper).toBe('AgX');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('puts the choice back and says so in the spec words when the engine refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const engine = propertyEngine({ refuse: true });
    show('Neutral', engine.api);
    render(<ToneMappingSection />);
    await userEvent.click(screen.getByRole('radio', { name: 'ACES' }));
    // Waits for the refusal to come back: the choice was shown at once and is then undone.
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(FAILURE_TOASTS.updateVisualizationEngine));
    expect(engine.writes).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Neutral' })).toHaveAttribute('aria-checked', 'true');
    expect(useEngineStore.getState().toneMapper).toBe('Neutral');
  });
});
