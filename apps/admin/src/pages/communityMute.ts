/** Mute a comment's author through the community safety layer's console call (modules/community). */
import { call } from '../api.ts';

export function muteAuthor(userId: number) {
  return call('adminMuteUser', { params: { id: userId }, body: { reason: '' } });
}
