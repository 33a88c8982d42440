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
  materialCenter: lazyPage(() => import('../pages/MaterialCenter/MaterialCenterPage'), 'MaterialCenter'),
  workDetail: lazyPage(() => import('../pages/MaterialCenter/WorkDetailPage'), 'WorkDetail'),
  helpHighQualityVideo: lazyPage(() => import('../pages/Help/HelpPage').then((m) => ({ default: m.HighQualityVideoHelp })), 'Help'),
  helpMoreSaleChance: lazyPage(() => import('../pages/Help/HelpPage').then((m) => ({ default: m.MoreSaleChanceHelp })), 'Help'),
  helpUploadTool: lazyPage(() => import('../pages/Help/HelpPage').then((m) => ({ default: m.UploadToolHelp })), 'Help'),
  cart: lazyPage(() => import('../pages/Orders/CartPage'), 'Cart'),
  putorder: lazyPage(() => import('../pages/Orders/PutorderPage'), 'Putorder'),
  order: lazyPage(() => import('../pages/Orders/OrderPage'), 'Order'),
  orderSuccess: lazyPage(() => import('../pages/Orders/OrderSuccessPage'), 'OrderSuccess'),
  orderList: lazyPage(() => import('../pages/Orders/OrderListPage'), 'OrderList'),
  orderMaterialList: lazyPage(() => import('../pages/Orders/OrderMaterialListPage'), 'OrderMaterialList'),
  vip: lazyPage(() => import('../pages/Orders/VipPage'), 'Vip'),
  licenceVerify: lazyPage(() => import('../pages/Orders/LicenceVerifyPage'), 'LicenceVerify'),
};
