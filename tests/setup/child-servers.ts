// Every child server a test file started (tests/helpers/server-process.ts) is gone when the file
// ends. A setup file runs again before every test file, also where files share their modules
// (`isolate: false`), where a hook at the helper's top level would reach only a worker's first file.
import { afterAll } from 'vitest';
import { killChildServers } from '../helpers/server-process';

afterAll(killChildServers);
