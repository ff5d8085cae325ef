/** The request and feedback routes of spec §2 (the same strings as app/placeholders.ts had and lib/routes.ts names). */
export const GBOOK_PATHS = {
  community: '/pages/seekmovie/index',
  detail: '/pages/seekmovie/seek-movie-detail',
  form: '/pages/me/seek-movie',
  mine: '/pages/me/my-seek-movie/index',
  feedback: '/pages/me/feed-back',
  feedbackList: '/pages/me/feed-back-list',
} as const;

/** The detail page of request `id`. */
export const seekDetailPath = (id: number) => `${GBOOK_PATHS.detail}?id=${id}`;
