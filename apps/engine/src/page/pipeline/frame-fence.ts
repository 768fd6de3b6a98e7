/** How often a fence is looked at: the browser updates a fence's status only between tasks. */
const POLL_MS = 1;

/**
 * Resolves once the GPU (SwiftShader: the CPU) has finished everything sent so far, without blocking the page as
 * `frameSync`'s read does: while a drag's frame is drawn, the page takes in the drag's next calls.
 */
export function frameFence(gl: WebGL2RenderingContext): Promise<void> {
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  // Without a flush the fence might wait in the command buffer behind nothing, and never signal.
  gl.flush();
  if (sync === null) return Promise.resolve();
  return new Promise((resolve) => {
    const poll = () => {
      if (gl.isContextLost() || gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED) {
        gl.deleteSync(sync);
        resolve();
      } else window.setTimeout(poll, POLL_MS);
    };
    window.setTimeout(poll, POLL_MS);
  });
}
