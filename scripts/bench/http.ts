// A lean HTTP/1.1 client for the bench (node:http with keep-alive): fetch costs the load
// generator more CPU per request, and the generator shares the machine's two cores with the server.
import { Agent, request } from 'node:http';

export interface Reply {
  status: number;
  body: string;
}

export function httpClient(baseUrl: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const base = new URL(baseUrl);
  return {
    send(method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      return new Promise((resolve) => {
        const req = request(
          {
            agent,
            hostname: base.hostname,
            port: base.port,
            method,
            path: `/functions/v1${path}`,
            headers,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            res.on('error', () => resolve({ status: 0, body: '' }));
          },
        );
        req.on('error', () => resolve({ status: 0, body: '' }));
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;
