// jsdom extras for component tests.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { focusManager, onlineManager } from '@tanstack/react-query';

// findBy…/waitFor wait for a condition, never for time: on a loaded 2-core machine a page's first
// answers (the local store opening, the real app at the HTTP edge) can take longer than Testing
// Library's default 1 s, which failed correct tests (header, favourites). A passing wait returns as
// soon as its condition holds, so the longer ceiling costs nothing.
configure({ asyncUtilTimeout: 5_000 });

// TanStack Query's managers are the package's own (shared by the worker's files): a file that took
// the app offline or out of focus does not leave it so for the next (tests/setup/fresh-modules.ts).
onlineManager.setOnline(true);
focusManager.setFocused(undefined);

afterEach(() => cleanup());
