/**
 * Setup of every web test file (vitest.config.ts `setupFiles`). Testing Library's `findBy*` and `waitFor` wait for
 * a condition up to a ceiling, 1 s by default: on a loaded 2-core CI machine a lazily imported page (the Leaflet
 * maps, hls.js) can take longer than that to mount, so the ceiling is 10 s. Tests still end as soon as their
 * condition holds.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
