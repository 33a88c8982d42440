import { SearchPage } from './SearchPage';

export function VideoSearchPage() {
  return <SearchPage variant="video" />;
}

export function PhotoSearchPage() {
  return <SearchPage variant="photo" />;
}

export function MaterialListPage() {
  return <SearchPage variant="all" />;
}

export function ExternalShopPage() {
  return <SearchPage variant="external" />;
}
