/**
 * Vitest globalSetup of the server tests: the preflight (preflight.ts) runs once before any test file and stops the
 * run with the list of missing system packages.
 */
import { preflight } from './preflight.ts';

export default async function setup(): Promise<void> {
  await preflight();
}
