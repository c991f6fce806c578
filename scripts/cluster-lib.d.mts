export interface ClusterOptions {
  dir: string;
  port?: number;
  apiPort?: number;
  apis?: number;
  pgPort?: number;
  fresh?: boolean;
  env?: Record<string, string>;
  ratePerSecond?: number;
  say?: (line: string) => void;
}
export interface Cluster {
  dir: string;
  port: number;
  apiPorts: number[];
  pgPrimary: number;
  pgReplica: number;
  databaseUrl: string;
  replicaUrl: string;
  startApi(port: number): Promise<boolean>;
  killApi(port: number): Promise<void>;
  restartReplica(): Promise<void>;
  stop(): Promise<void>;
  /** Process ids: the API processes alive, nginx's master, the primary's and the replica's postmaster. */
  pids(): { api: number[]; nginx: number[]; postgres: number[] };
}
export function ensurePackages(say: (line: string) => void): void;
export function startCluster(o: ClusterOptions): Promise<Cluster>;
