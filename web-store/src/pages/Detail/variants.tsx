import { DetailPage } from './DetailPage';

export function VideoDetailPage() {
  return <DetailPage variant="video" />;
}

export function PhotoDetailPage() {
  return <DetailPage variant="photo" />;
}

export function ExternalDetailPage() {
  return <DetailPage variant="external" />;
}
