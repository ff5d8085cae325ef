/** Spec §2 routes not built yet: each renders a translated "coming soon" page with a back button. */
export const PLACEHOLDER_ROUTES = [
  { path: '/pages/seekmovie/index', title: 'pages.seekMovie' },
  { path: '/pages/seekmovie/seek-movie-detail', title: 'pages.seekMovieDetail' },
  { path: '/pages/me/download/index', title: 'pages.download' },
  { path: '/pages/me/feed-back', title: 'pages.feedBack' },
  { path: '/pages/me/feed-back-list', title: 'pages.feedBackList' },
  { path: '/pages/me/seek-movie', title: 'pages.mySeekMovieRequest' },
  { path: '/pages/me/my-seek-movie/index', title: 'pages.mySeekMovie' },
  { path: '/pages/me/comment/comment-list', title: 'pages.commentList' },
  { path: '/choose-location', title: 'pages.chooseLocation' },
  { path: '/open-location', title: 'pages.openLocation' },
] as const;

export type PlaceholderTitleKey = (typeof PLACEHOLDER_ROUTES)[number]['title'];
