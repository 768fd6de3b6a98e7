import type { Migration, MigrationProvider } from 'kysely';
import * as usersAndTokens from './0001-users-and-tokens.js';
import * as library from './0002-library.js';
import * as ssoIdentities from './0003-sso-identities.js';
import * as engineSessions from './0004-engine-sessions.js';
import * as publicAssetModels from './0005-public-asset-models.js';
import * as uploadGroups from './0006-upload-groups.js';
import * as renderJobs from './0007-render-jobs.js';
import * as renderJobAssets from './0008-render-job-assets.js';
import * as listSearch from './0009-list-search.js';
import * as listCounts from './0010-list-counts.js';
import * as engineResets from './0011-engine-resets.js';
import * as sharedCounts from './0012-shared-counts.js';
import * as storageUsage from './0013-storage-usage.js';
import * as configStills from './0014-config-stills.js';
import * as configLinks from './0015-config-links.js';
import * as engineLine from './0016-engine-line.js';
import * as renderCache from './0017-render-cache.js';
import * as stillModels from './0018-still-models.js';
import * as renderJobItems from './0019-render-job-items.js';
import * as streamQuality from './0020-stream-quality.js';
import * as serviceProcesses from './0021-service-processes.js';

/**
 * Every migration, in order. Listed in code rather than read from a folder so that the compiled server and
 * the tests run exactly the same set on SQLite and PostgreSQL.
 */
const migrations: Record<string, Migration> = {
  '0001-users-and-tokens': usersAndTokens,
  '0002-library': library,
  '0003-sso-identities': ssoIdentities,
  '0004-engine-sessions': engineSessions,
  '0005-public-asset-models': publicAssetModels,
  '0006-upload-groups': uploadGroups,
  '0007-render-jobs': renderJobs,
  '0008-render-job-assets': renderJobAssets,
  '0009-list-search': listSearch,
  '0010-list-counts': listCounts,
  '0011-engine-resets': engineResets,
  '0012-shared-counts': sharedCounts,
  '0013-storage-usage': storageUsage,
  '0014-config-stills': configStills,
  '0015-config-links': configLinks,
  '0016-engine-line': engineLine,
  '0017-render-cache': renderCache,
  '0018-still-models': stillModels,
  '0019-render-job-items': renderJobItems,
  '0020-stream-quality': streamQuality,
  '0021-service-processes': serviceProcesses,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
