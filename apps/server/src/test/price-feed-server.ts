// A price feed for tests (decision 029): a local HTTP server on an ephemeral port that answers
// whatever the test set last, counts the polls it got, and can hang to test the poll's timeout.
import { createServer, type ServerResponse } from 'node:http';

export type FeedReply =
  | { status?: number; body: string; contentType?: string }
  /** Accept the request and never answer. */
  | { hang: true };

export interface PriceFeedServer {
  url: string;
  /** How many requests it has had. */
  requests(): number;
  reply(reply: FeedReply): void;
  close(): Promise<void>;
}

/** A feed document: `{"at": …, "prices": [{symbol, buy, sell}, …]}`. */
export function feedBody(
  at: Date,
  prices: { symbol: string; buy: string; sell?: string }[],
): string {
  return JSON.stringify({
    at: at.toISOString(),
    prices: prices.map((price) => ({ ...price, sell: price.sell ?? price.buy })),
  });
}

export async function startPriceFeedServer(): Promise<PriceFeedServer> {
  let current: FeedReply = { status: 503, body: 'not set' };
  let count = 0;
  const hanging = new Set<ServerResponse>();
  const server = createServer((_request, response) => {
    count += 1;
    const reply = current;
    if ('hang' in reply) {
      hanging.add(response);
      return;
    }
    response.writeHead(reply.status ?? 200, {
      'content-type': reply.contentType ?? 'application/json',
    });
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the feed is not on TCP');
  const { port } = address;
  return {
    url: `http://127.0.0.1:${port}/v1/prices?key=secret-key`,
    requests: () => count,
    reply(reply) {
      current = reply;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
