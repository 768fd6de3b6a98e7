// The panel and the viewer are not exported here: the studio loads them by path when the gallery first opens.
export { useGalleryStore, type GalleryState } from './stores/gallery-store';
