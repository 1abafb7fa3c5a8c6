// The baseline for the summary benchmark: bare Fastify answering a constant JSON, in its own
// process like the real server. PORT from the environment; prints "ready" once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { cashBalance: '1000000.00000000', bookBalance: '0.00000000', totalNetWorth: '0' };
app.get('/', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
