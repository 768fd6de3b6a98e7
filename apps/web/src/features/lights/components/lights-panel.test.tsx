import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useEngineStore } from '@/lib/engine';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { LightsPanel } from './lights-panel';

/** An engine that makes a light only when the test says so, as one busy recompiling its shaders would. */
function slowLightEngine() {
  const created: string[] = [];
  let finish = () => {};
  const client: RemoteTransport = {
    call: <T,>(url: string, body?: unknown) => {
      const name = (body as { functionName?: string } | undefined)?.functionName ?? url;
      created.push(name);
      return new Promise<T>((resolve) => {
        finish = () => resolve({ ID: 0 } as T);
      });
    },
  };
  return { created, api: new RemoteApi(client), finish: () => finish() };
}

describe('adding a light', () => {
  afterEach(() => useEngineStore.setState({ status: 'detached', api: null }));

  it('shows the button busy until the engine has made the light, and makes one light for two clicks', async () => {
    const engine = slowLightEngine();
    let reread = 0;
    useEngineStore.setState({
      status: 'ready',
      api: engine.api,
      reread: () => {
        reread += 1;
        return Promise.resolve();
      },
    });
    render(<LightsPanel />);
    const spot = screen.getByRole('button', { name: 'Add spot light' });
    await userEvent.click(spot);
    expect(spot).toHaveAttribute('aria-busy', 'true');
    expect(spot).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add point light' })).toBeDisabled();
    await userEvent.click(spot);
    expect(engine.created).toEqual(['CreateSpotLightAPI']);

    engine.finish();
    await waitFor(() => expect(spot).toBeEnabled());
    expect(spot).toHaveAttribute('aria-busy', 'false');
    expect(reread).toBe(1);
    expect(useEngineStore.getState().view.selectedLightId).toBe(0);
  });
});
