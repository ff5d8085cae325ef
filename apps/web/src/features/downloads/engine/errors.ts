/**
 * The downloader's one error type: every failure the engine meets is turned into a {@link DownloadError} whose
 * `kind` is the task's {@link DownloadErrorKind} (spec §8 messages; see types.ts).
 */
import type { DownloadErrorKind } from './types';

/** A download failure with the kind the task stops with (`task.error`). */
export class DownloadError extends Error {
  readonly kind: DownloadErrorKind;

  constructor(kind: DownloadErrorKind, message: string) {
    super(message);
    this.name = 'DownloadError';
    this.kind = kind;
  }
}

/** Whether `error` is (or wraps) a `QuotaExceededError` from IndexedDB or the storage API. */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return true;
  const inner = (error as { inner?: unknown; cause?: unknown } | null)?.cause;
  return inner !== undefined && inner !== error && isQuotaError(inner);
}

/** Whether `error` is the rejection of an aborted operation (pause, cancel). */
export function isAbortError(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}

/** The kind a task stops with for any thrown value: a {@link DownloadError}'s own, quota → storage_full, else failed. */
export function errorKind(error: unknown): DownloadErrorKind {
  if (error instanceof DownloadError) return error.kind;
  if (isQuotaError(error)) return 'storage_full';
  return 'failed';
}
