/** Writes src/routes.gen.ts from the endpoint table (src/routes-render.ts). Run by `npm run routes`. */
import { writeFileSync } from 'node:fs';
import { endpoints } from '../src/endpoints.ts';
import { renderRoutes } from '../src/routes-render.ts';

const target = new URL('../src/routes.gen.ts', import.meta.url);
writeFileSync(target, renderRoutes(endpoints));
console.log(`routes: wrote ${Object.keys(endpoints).length} operations to packages/contract/src/routes.gen.ts`);
