import {
  POST_PROCESS_OUT_NAMES,
  POST_PROCESS_PARAMETERS,
  type EngineHandlersOf,
  type POST_PROCESS_FUNCTIONS,
  type PostProcessValues,
} from '@autostudio/protocol';
import { EngineError } from './engine-error.js';
import { defaultPostProcess } from './initial-state.js';
import type { SceneCore } from './scene-core.js';

/** The post-process look: white balance, saturation, contrast, gamma, bloom, exposure, vignette, gain, offset. */
export class PostProcess {
  constructor(private readonly scene: SceneCore) {}

  readonly handlers: EngineHandlersOf<typeof POST_PROCESS_FUNCTIONS> = {
    GetPostProcessLite: () => ({ ...this.scene.state.postProcess }),
    ResetPostProcessLite: () => {
      this.scene.state.postProcess = defaultPostProcess();
    },
    PostProcessLite: (values) => {
      if (Object.keys(values).length === 0) throw new EngineError('PostProcessLite: no value given');
      this.set(values);
    },
  };

  /** Values by their setter names; a partial Gain keeps the components not given. */
  set(values: PostProcessValues): void {
    const post = this.scene.state.postProcess;
    for (const name of POST_PROCESS_PARAMETERS) {
      if (name === 'Gain') {
        if (values.Gain) post.GainOut = { ...post.GainOut, ...values.Gain };
      } else {
        const value = values[name];
        if (value !== undefined) post[POST_PROCESS_OUT_NAMES[name]] = value;
      }
    }
  }
}
