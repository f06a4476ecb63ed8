/** .cluster/state.json as issue 25 gives it (README: A cluster on one machine): read by the cluster test and the soak. */
export interface ClusterState {
  entry: { http: string; ws: string };
  edges: { pid: number; port: number }[];
  subgraphs: Record<string, { pid: number; port: number }[]>;
  workers: { pid: number }[];
  haproxy: { pid: number };
  redis: {
    primary: { pid: number; port: number };
    replica: { pid: number; port: number };
    sentinels: { pid: number; port: number }[];
  };
  database: string;
  adminEmail: string;
  adminPasswordFile: string;
}
