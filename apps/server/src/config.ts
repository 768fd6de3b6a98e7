import path from 'node:path';
import { z } from 'zod';
import {
  fetchAllowSchema,
  RENDER_LIMIT_DEFAULTS,
  SESSION,
  SESSION_POLICY_DEFAULTS,
  STORAGE_QUOTA_DEFAULT_BYTES,
} from '@autostudio/protocol';
import type { S3BlobStoreOptions } from './storage/s3-blob-store.js';
import type { ScryptCost } from './modules/auth/passwords.js';

/** Environment variables. Each has a default so that `npm start` works with nothing set. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?|sqlite):/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  AUTOSTUDIO_ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  AUTOSTUDIO_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  ENGINE_PROVIDER: z.enum(['local', 'static', 'register']).default('local'),
  ENGINE_MAX: z.coerce.number().int().min(0).default(2),
  ENGINE_WARM: z.coerce.number().int().min(0).default(1),
  /** For ENGINE_PROVIDER=static: `host:port` of each engine's Remote Control API, optionally `=streamerId`. */
  ENGINE_INSTANCES: z
    .string()
    .regex(
      /^\s*([\w.-]+:\d+(=[\w.-]+)?\s*)(,\s*[\w.-]+:\d+(=[\w.-]+)?\s*)*$/,
      'must be host:port[=streamerId], comma separated',
    )
    .optional(),
  SESSION_TIMEOUT: z.coerce.number().int().min(10).default(90),
  /** Milliseconds a closed page's session waits for the page to come back (a reload) before it is released. */
  SESSION_CLOSE_GRACE_MS: z.coerce.number().int().min(0).default(SESSION.pageCloseGraceMs),
  /** Seconds without input after which the studio warns, then gives its engine back; 0 never does. */
  SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(SESSION_POLICY_DEFAULTS.idleMs / 1000),
  /** The shared key engines present to register themselves (ENGINE_PROVIDER=register) and the server to reset them. */
  ENGINE_REGISTRATION_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Seconds without a heartbeat after which a registered engine leaves the pool. */
  ENGINE_HEARTBEAT_TIMEOUT: z.coerce.number().int().min(3).default(30),
  /** Where engines reach this server to download model files; unset: the address the browser used. */
  ENGINE_FILES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Hosts engines may fetch images and models from besides this server's signed links (comma separated). */
  ENGINE_FETCH_ALLOW: fetchAllowSchema.default([]),
  /** IP addresses besides loopback whose ICE candidates players of local engines are told (comma separated). */
  ENGINE_WEBRTC_ADDRESSES: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { error: 'must be IP addresses, comma separated' }))),
  /**
   * STUN/TURN servers for players and engines (RTCConfiguration.iceServers as JSON); with a TURN server, engines offer
   * only relayed candidates. Unset: none, and players reach engines over loopback or ENGINE_WEBRTC_ADDRESSES.
   */
  WEBRTC_ICE_SERVERS: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return [];
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' });
        return z.NEVER;
      }
    })
    .pipe(
      z.array(
        z.object({
          urls: z.union([z.string().regex(/^(stun|turns?):/), z.array(z.string().regex(/^(stun|turns?):/)).min(1)]),
          username: z.string().optional(),
          credential: z.string().optional(),
        }),
      ),
    ),
  /** The built-in car's model file, seeded as an asset model on start. */
  BUILT_IN_MODEL_FILE: z.string().min(1).optional(),
  /** Whether the starter looks (post-process presets everyone may apply) are seeded on start. */
  STARTER_LOOKS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** The key engines present to the signalling server; derived from the auth secret when unset. */
  SIGNALLING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Render workers the server runs in its own process; 0 leaves rendering to `npm run worker` processes. */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /** Milliseconds a worker holds a job without renewing; a worker renews every third of it. */
  RENDER_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
  /** How many times a job is taken before a lost lease fails it. */
  RENDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(3),
  /** Render jobs one user may have waiting in the queue; one more is refused (429). */
  RENDER_QUEUE_PER_USER: z.coerce.number().int().min(1).default(RENDER_LIMIT_DEFAULTS.queuedPerUser),
  /** Render jobs of one user rendering at once; their other jobs wait while other users' jobs go first. */
  RENDER_RUNNING_PER_USER: z.coerce.number().int().min(1).default(RENDER_LIMIT_DEFAULTS.runningPerUser),
  /** The largest render job: width × height × anti-aliasing samples (spatial × temporal) × frames. */
  RENDER_MAX_JOB_COST: z.coerce.number().positive().default(RENDER_LIMIT_DEFAULTS.jobCost),
  /** Bytes of files one user may own (uploads, asset model files, rendered assets); 0: no limit. */
  STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).default(STORAGE_QUOTA_DEFAULT_BYTES),
  /** Milliseconds an idle worker waits before it looks at the queue again. */
  RENDER_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** Reference engines this process starts for rendering (one per job at a time), apart from interactive ones. */
  RENDER_ENGINES: z.coerce.number().int().min(0).max(64).default(1),
  /** Render engines elsewhere (e.g. Unreal on render hosts), `host:port` comma separated; replaces RENDER_ENGINES. */
  RENDER_ENGINE_INSTANCES: z
    .string()
    .regex(/^\s*[\w.-]+:\d+\s*(,\s*[\w.-]+:\d+\s*)*$/, 'must be host:port, comma separated')
    .optional(),
  /** The ffmpeg that encodes videos and makes thumbnails. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /**
   * Redis, shared by every server copy behind one load balancer: signalling reaches an engine connected to another
   * copy through it. Unset: one process, everything in its memory.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Starts every Redis key and channel, so that deployments sharing one Redis stay apart. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, dots, dashes and underscores only')
    .default('autostudio'),
  /**
   * Turns on GET /metrics (Prometheus text) for scrapers that send `Authorization: Bearer <token>`; unset, there is
   * no such route. Render workers serve theirs on METRICS_PORT with the same token.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** `npm run worker` only: the port its /metrics listens on (all interfaces); needs METRICS_TOKEN. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ROLES_CLAIM: z.string().trim().min(1).default('roles'),
});

// Half a single sign-on setup is a mistake worth stopping for, not a reason to quietly offer passwords only.
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN)
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'needs METRICS_TOKEN: metrics are never open' });
  // Self-registration without a key would let anyone on the network put an engine in front of users.
  if (e.ENGINE_PROVIDER === 'register' && !e.ENGINE_REGISTRATION_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['ENGINE_REGISTRATION_KEY'],
      message: 'is required when ENGINE_PROVIDER=register',
    });
  }
  // The provider sends the browser back to one fixed address, registered with it; localhost is that address only
  // for a server nobody reaches from elsewhere.
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && !e.PUBLIC_URL && !isLoopbackHost(e.HOST)) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: `is required when single sign-on is on and HOST=${e.HOST} lets others reach the server: set it to the address people open (the provider sends them back to PUBLIC_URL/api/auth/sso/callback)`,
    });
  }
  if (Boolean(e.OIDC_ISSUER) === Boolean(e.OIDC_CLIENT_ID)) return;
  const [missing, other] = e.OIDC_ISSUER ? ['OIDC_CLIENT_ID', 'OIDC_ISSUER'] : ['OIDC_ISSUER', 'OIDC_CLIENT_ID'];
  ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${other} is set` });
});

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The render queue's limits: jobs waiting and rendering per user, and the cost of one job (README). */
export interface RenderLimits {
  queuedPerUser: number;
  runningPerUser: number;
  jobCost: number;
}

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string | undefined };

/** Single sign-on through an OpenID Connect provider. */
export interface SsoConfig {
  issuer: string;
  clientId: string;
  /** Absent for a public client, which then relies on PKCE alone. */
  clientSecret?: string | undefined;
  /** The claim that carries the user's roles: a top-level name, or a dotted path such as `realm_access.roles`. */
  rolesClaim: string;
}

/** Where blobs live: `DATA_DIR/storage` unless `S3_BUCKET` names a bucket. */
export type StorageConfig = { driver: 'local'; root: string } | ({ driver: 's3' } & S3BlobStoreOptions);

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  storage: StorageConfig;
  database: DatabaseConfig;
  initialAdmin: { username: string; password?: string | undefined };
  /** Signs access tokens; when absent a secret is generated once and kept in the data directory. */
  authSecret?: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginRateLimitPerMinute: number;
  /**
   * scrypt's cost for new password hashes; production's unless set. Test apps only (never read from the environment):
   * a cheaper hash keeps thousands of test sign-ins from costing minutes.
   */
  passwordCost?: ScryptCost | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The built web app; when the folder does not exist the server serves only the API. */
  webDist: string;
  trustProxy: boolean;
  engines: {
    provider: 'local' | 'static' | 'register';
    max: number;
    warm: number;
    /** The configured engines of the static provider. */
    instances: { instanceId: string; streamerId: string }[];
    /** Seconds without a heartbeat after which a session expires and its engine goes back to the pool. */
    sessionTimeoutSeconds: number;
    /** Milliseconds a closed page's session waits for a reload's heartbeat before it is released. */
    pageCloseGraceMs?: number | undefined;
    /** Milliseconds without input after which the studio warns, then releases its engine; 0 never does. */
    idleMs?: number | undefined;
    /** Milliseconds a place in the waiting line lasts without its page asking (ENGINE_LINE.staleMs; tests shorten it). */
    lineStaleMs?: number | undefined;
    /** The key streamers present to the signalling server; derived from the auth secret when absent. */
    signallingKey?: string | undefined;
    /** The key engines register with, and the server's key for their control routes (reset). */
    registrationKey?: string | undefined;
    /** Seconds without a heartbeat after which a registered engine leaves the pool. */
    heartbeatTimeoutSeconds: number;
    /** Where engines reach this server to download model files, without a trailing slash; unset: as the browser. */
    filesUrl?: string | undefined;
    /** Hosts engines may fetch from besides the server's signed file links: `host`, `host:port` or `*.domain`. */
    fetchAllow?: string[] | undefined;
    /** Addresses besides loopback whose ICE candidates players of local engines are told. */
    webrtcAddresses?: string[] | undefined;
    /** STUN/TURN servers handed to players and engines in the signalling's configuration. */
    iceServers?:
      { urls: string | string[]; username?: string | undefined; credential?: string | undefined }[] | undefined;
  };
  /** The built-in car's GLB, seeded as the asset model "Terra" when it exists. */
  builtInModelFile: string;
  /** Seed the starter looks on start (once each; one an administrator deleted stays deleted). */
  starterLooks: boolean;
  /** Bytes of files one user may own: uploads, asset model files and rendered assets (STORAGE_QUOTA_BYTES); 0: no limit. */
  storageQuotaBytes: number;
  /** The render queue: workers in this process, leases and attempts (README "Render service"). */
  render: {
    /** Workers the server runs in its own process; 0 turns in-process rendering off. */
    workers: number;
    leaseMs: number;
    maxAttempts: number;
    pollMs: number;
    /** Reference engines started for rendering (local), when no render engine instances are configured. */
    engines: number;
    /** `host:port` of render engines elsewhere; when given, no local render engine is started. */
    engineInstances: string[];
    ffmpegPath: string;
    /** Per-user and per-job limits (README); absent: RENDER_LIMIT_DEFAULTS. */
    limits?: RenderLimits | undefined;
  };
  /**
   * The server's address as browsers reach it, without a trailing slash (PUBLIC_URL). Unset: each answer names the
   * address its request came to (X-Forwarded-Host and -Proto with TRUST_PROXY), and single sign-on, which allows
   * this only on a loopback HOST, returns to `http://localhost:PORT`.
   */
  publicUrl: string | undefined;
  /** The Redis every server copy shares (signalling across copies); absent: one process, state in its memory. */
  redis?: { url: string; prefix: string } | undefined;
  /** Present when single sign-on is configured. */
  sso?: SsoConfig | undefined;
  /** Present when METRICS_TOKEN is set: the token a scraper must send, and a worker's port. */
  metrics?: { token: string; port?: number | undefined } | undefined;
}

export class ConfigError extends Error {}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
const defaultBuiltInModel = path.resolve(import.meta.dirname, '../../engine/assets/terra.glb');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    storage: parseStorage(e, dataDir),
    database: parseDatabaseUrl(e.DATABASE_URL, dataDir),
    initialAdmin: { username: e.AUTOSTUDIO_ADMIN_USERNAME, password: e.AUTOSTUDIO_ADMIN_PASSWORD },
    authSecret: e.AUTH_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? defaultWebDist),
    trustProxy: e.TRUST_PROXY,
    engines: {
      provider: e.ENGINE_PROVIDER,
      max: e.ENGINE_MAX,
      warm: e.ENGINE_WARM,
      instances: parseEngineInstances(e.ENGINE_INSTANCES),
      sessionTimeoutSeconds: e.SESSION_TIMEOUT,
      pageCloseGraceMs: e.SESSION_CLOSE_GRACE_MS,
      idleMs: e.SESSION_IDLE_SECONDS * 1000,
      signallingKey: e.SIGNALLING_KEY,
      registrationKey: e.ENGINE_REGISTRATION_KEY,
      heartbeatTimeoutSeconds: e.ENGINE_HEARTBEAT_TIMEOUT,
      filesUrl: e.ENGINE_FILES_URL?.replace(/\/+$/, ''),
      fetchAllow: e.ENGINE_FETCH_ALLOW,
      webrtcAddresses: e.ENGINE_WEBRTC_ADDRESSES,
      iceServers: e.WEBRTC_ICE_SERVERS,
    },
    builtInModelFile: path.resolve(e.BUILT_IN_MODEL_FILE ?? defaultBuiltInModel),
    starterLooks: e.STARTER_LOOKS,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    render: {
      workers: e.RENDER_WORKERS,
      leaseMs: e.RENDER_LEASE_MS,
      maxAttempts: e.RENDER_MAX_ATTEMPTS,
      pollMs: e.RENDER_POLL_MS,
      engines: e.RENDER_ENGINES,
      engineInstances: (e.RENDER_ENGINE_INSTANCES ?? '')
        .split(',')
        .map((instance) => instance.trim())
        .filter(Boolean),
      ffmpegPath: e.FFMPEG_PATH,
      limits: {
        queuedPerUser: e.RENDER_QUEUE_PER_USER,
        runningPerUser: e.RENDER_RUNNING_PER_USER,
        jobCost: e.RENDER_MAX_JOB_COST,
      },
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    metrics: e.METRICS_TOKEN ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT } : undefined,
    sso:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            rolesClaim: e.OIDC_ROLES_CLAIM,
          }
        : undefined,
  };
}

function parseStorage(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  const problems: string[] = [];
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  // Without a bucket the other S3 settings would be ignored and media would quietly stay on this machine.
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_FORCE_PATH_STYLE)) {
    problems.push('  S3_BUCKET: required when other S3_ variables are set');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  if (!e.S3_BUCKET) return { driver: 'local', root: path.join(dataDir, 'storage') };
  return {
    driver: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    // S3-compatible servers rarely have a DNS name per bucket; AWS itself prefers bucket host names.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', file: path.join(dataDir, 'autostudio.db') };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  return { dialect: 'postgres', url };
}

function parseEngineInstances(value: string | undefined): { instanceId: string; streamerId: string }[] {
  if (!value) return [];
  return value.split(',').map((entry) => {
    const [instanceId = '', streamerId] = entry.trim().split('=');
    return { instanceId, streamerId: streamerId ?? instanceId.replace(/[^\w.-]/g, '-') };
  });
}
