import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageKey } from '../routes/routeTable';
import { lazyPage } from './lazyPage';

/** The chunk behind each page of the route table. */
export const pageComponents: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  home: lazyPage(() => import('../pages/Home/HomePage'), 'Home'),
  login: lazyPage(() => import('../pages/Login/LoginPage'), 'Login'),
  notFound: lazyPage(() => import('../pages/NotFound/NotFoundPage'), 'NotFound'),
  working: lazyPage(() => import('../pages/Working/WorkingPage'), 'Working'),
  test: lazyPage(() => import('../pages/Test/TestPage'), 'Test'),
  about: lazyPage(() => import('../pages/Info/AboutPage'), 'About'),
  questions: lazyPage(() => import('../pages/Info/QuestionsPage'), 'Questions'),
  materialList: lazyPage(() => import('../pages/Search/variants').then((m) => ({ default: m.MaterialListPage })), 'Search'),
  videoSearch: lazyPage(() => import('../pages/Search/variants').then((m) => ({ default: m.VideoSearchPage })), 'Search'),
  photoSearch: lazyPage(() => import('../pages/Search/variants').then((m) => ({ default: m.PhotoSearchPage })), 'Search'),
  externalShop: lazyPage(() => import('../pages/Search/variants').then((m) => ({ default: m.ExternalShopPage })), 'Search'),
  videoDetail: lazyPage(() => import('../pages/Detail/variants').then((m) => ({ default: m.VideoDetailPage })), 'Detail'),
  photoDetail: lazyPage(() => import('../pages/Detail/variants').then((m) => ({ default: m.PhotoDetailPage })), 'Detail'),
  externalDetail: lazyPage(() => import('../pages/Detail/variants').then((m) => ({ default: m.ExternalDetailPage })), 'Detail'),
  topic: lazyPage(() => import('../pages/Topic/TopicPage'), 'Topic'),
  topicList: lazyPage(() => import('../pages/Topic/TopicListPage'), 'TopicList'),
  collect: lazyPage(() => import('../pages/Collect/CollectPage'), 'Collect'),
  music: lazyPage(() => import('../pages/Music/MusicHomePage'), 'Music'),
  musicDetail: lazyPage(() => import('../pages/Music/MusicDetailPage'), 'DetailMusic'),
  playList: lazyPage(() => import('../pages/Music/PlayListPage'), 'PlayList'),
  playListDetail: lazyPage(() => import('../pages/Music/PlayListDetailPage'), 'PlayListDetail'),
  orderMusic: lazyPage(() => import('../pages/Music/OrderMusicPage'), 'OrderMusic'),
};
