/** The part of autocannon 8's API the benchmark and the soak use (the package ships no types). */
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: {
      method?: string;
      path?: string;
      /** Called before each request of this entry: the request to send (method, path, headers, body). */
      setupRequest?: (req: Request) => Request;
      onResponse?: (status: number, body: string) => void;
    }[];
    /** Requests per second over all connections (unthrottled when absent). */
    overallRate?: number;
  };
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
