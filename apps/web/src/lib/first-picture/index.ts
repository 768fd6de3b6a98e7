export { useFirstPictureStore, type FirstPictureState } from './first-picture-store';
