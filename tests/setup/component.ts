// jsdom extras for component tests.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor wait for a condition, never for time: on a loaded 2-core machine a page's first
// answers (the local store opening, the real app at the HTTP edge) can take longer than Testing
// Library's default 1 s, which failed correct tests (header, favourites). A passing wait returns as
// soon as its condition holds, so the longer ceiling costs nothing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
