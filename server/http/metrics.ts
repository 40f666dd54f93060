// Request metrics of one app, in Prometheus' text format (exposition format 0.0.4): requests by
// method, route pattern and status, and a latency histogram by method and route. The route is the
// matched pattern (`/api/goods/:id`), never the raw path, so the series stay few. Gauges the app
// does not own (live chat streams, the database pool) are read when scraped (routes/metrics.ts).
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/** Seconds; Prometheus' default buckets, which fit a web request. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

const label = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** The pattern of the handler that answered ('unmatched' for none): middleware patterns end in `*`. */
export function routeOf(c: Context): string {
  const handlers = matchedRoutes(c).filter((r) => !r.path.endsWith('*'));
  return handlers.at(-1)?.path ?? 'unmatched';
}

export class RequestMetrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method}\u0000${route}\u0000${status}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const hKey = `${method}\u0000${route}`;
    let h = this.latency.get(hKey);
    if (!h) {
      h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.latency.set(hKey, h);
    }
    BUCKETS.forEach((le, i) => {
      if (seconds <= le) h.counts[i] += 1;
    });
    h.sum += seconds;
    h.count += 1;
  }

  render(): string[] {
    const out = [
      '# HELP shop_http_requests_total Requests answered, by method, route pattern and status.',
      '# TYPE shop_http_requests_total counter',
    ];
    for (const [key, n] of this.requests) {
      const [method, route, status] = key.split('\u0000');
      out.push(`shop_http_requests_total{method="${label(method)}",route="${label(route)}",status="${status}"} ${n}`);
    }
    out.push(
      '# HELP shop_http_request_duration_seconds Time to answer, by method and route pattern.',
      '# TYPE shop_http_request_duration_seconds histogram',
    );
    for (const [key, h] of this.latency) {
      const [method, route] = key.split('\u0000');
      const labels = `method="${label(method)}",route="${label(route)}"`;
      BUCKETS.forEach((le, i) =>
        out.push(`shop_http_request_duration_seconds_bucket{${labels},le="${le}"} ${h.counts[i]}`),
      );
      out.push(`shop_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${h.count}`);
      out.push(`shop_http_request_duration_seconds_sum{${labels}} ${h.sum}`);
      out.push(`shop_http_request_duration_seconds_count{${labels}} ${h.count}`);
    }
    return out;
  }
}
