export { ShareDialog, type ShareDialogProps, type ShareFailureMessages } from './components/share-dialog';
export { shareItem, searchGroups, searchUsers, type Principal, type ShareRoutes } from './api/sharing-api';
