#!/usr/bin/env node
// The throughput baseline: a bare node:http server that parses each JSON body and answers as a
// webhook does. It runs in a process of its own, as the service does, so the client (the bench
// process) and the server never share one thread; it prints its port and runs until killed.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  let b = '';
  req.on('data', (d) => (b += d));
  req.on('end', () => {
    JSON.parse(b);
    res.end('{"success":true}');
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
