// The rules live in the protocol package: the browser app follows the same ones to hide what a user may not use.
export { canCreate, canManage, isGuest, seesEverything, type ItemKind } from '@autostudio/protocol';
