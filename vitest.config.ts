// vitest settings every run shares (npm test adds its flags: --dir test, workers, --no-isolate).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Before every test file, with or without a fresh module graph per file: removes the
    // temporary folders the file made when it ends (test/helpers/tempDir.ts).
    setupFiles: ['test/helpers/setup.ts'],
    // The run's own temporary folder, removed when the run ends (test/helpers/globalTemp.ts).
    globalSetup: ['test/helpers/globalTemp.ts'],
    // The hidden fault-injection game `_fault` exists only where this is set (src/games/index.ts,
    // FAULT_GAME_ENV): the robustness tests use it, in-process and in the processes they spawn.
    env: { SIM_FAULT_GAME: '1' },
  },
});
