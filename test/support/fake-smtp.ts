import net from 'node:net';

export interface FakeSmtp {
  url: string;
  /** Every message accepted, as its raw DATA. */
  messages: string[];
  close(): Promise<void>;
}

/** A loopback mail server speaking just enough SMTP for nodemailer: it accepts every message. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string | undefined;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            messages.push(data);
            data = undefined;
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.test\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
