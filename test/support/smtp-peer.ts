import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  url: string;
  /** Every message accepted, as its raw DATA (headers and body as they came over the wire). */
  messages: string[];
  /** The same messages, parsed by mailparser: headers, the text and HTML parts, the attachments. */
  parsed: ParsedMail[];
  /** The envelope of each message, in the same order: MAIL FROM and RCPT TO as the sender gave them. */
  envelopes: { from: string; to: string[] }[];
  close(): Promise<void>;
}

/**
 * A real SMTP peer on loopback (the smtp-server package, as a mail relay runs it): it accepts every message without
 * authentication or TLS, as a relay on the same host does, and keeps each one raw and parsed (mailparser), so that a
 * test reads a mail's headers and parts as a mail client would.
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: string[] = [];
  const parsed: ParsedMail[] = [];
  const envelopes: SmtpPeer['envelopes'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'test peer',
    async onData(stream, session, callback) {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const raw = Buffer.concat(chunks);
        // Parsed before the message is acknowledged: once the sender's send() returns, the test finds it here.
        parsed.push(await simpleParser(raw));
        messages.push(raw.toString('utf8'));
        envelopes.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    parsed,
    envelopes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
