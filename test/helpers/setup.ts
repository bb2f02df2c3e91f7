// Runs before every test file (vitest.config.ts setupFiles), also under --no-isolate, where the
// helper modules are loaded once per worker and shared by the files it runs: the temporary folders
// a file made are removed when that file ends.
import { afterAll } from 'vitest';
import { removeTempDirs } from './tempDir.js';

afterAll(removeTempDirs);
