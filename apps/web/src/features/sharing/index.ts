export { ShareDialog, type ShareDialogProps, type ShareFailureMessages } from './components/share-dialog';
export { shareItem, type Principal, type ShareRoutes } from './api/sharing-api';
export { ShareItemDialog, type ShareItemDialogProps, type ShareableKind } from './components/share-item-dialog';
