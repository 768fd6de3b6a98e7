import { render, screen } from '@testing-library/react';
import { PRODUCT_MESSAGES } from '@autostudio/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { useEngineStore } from '@/lib/engine';
import { RenderingSection } from './rendering-section';

/**
 * Issue 30 item 17: on an engine that cannot path trace, the switch silently did nothing. The panel learns it from
 * the engine's read-only canPathTraceOnIdle, as it would from any engine, and says so beside the switch.
 */
describe('the Path trace when idle switch', () => {
  afterEach(() => {
    useEngineStore.setState({ status: 'detached', pathTraceOnIdle: false, canPathTraceOnIdle: null });
  });

  it('says the engine cannot path trace, off and disabled, when the engine reports it cannot', () => {
    useEngineStore.setState({ status: 'ready', pathTraceOnIdle: true, canPathTraceOnIdle: false });
    render(<RenderingSection />);
    expect(screen.getByText(PRODUCT_MESSAGES.cannotPathTrace)).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Path trace when idle' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
  });

  it.each([true, null])('has no note and works when the engine reports %s', (can) => {
    useEngineStore.setState({ status: 'ready', pathTraceOnIdle: true, canPathTraceOnIdle: can });
    render(<RenderingSection />);
    expect(screen.queryByText(PRODUCT_MESSAGES.cannotPathTrace)).not.toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Path trace when idle' });
    expect(toggle).toBeEnabled();
    expect(toggle).toBeChecked();
  });
});
