export { StorageMeter } from './components/storage-meter';
export { MY_STORAGE_KEY } from './api/storage-api';
