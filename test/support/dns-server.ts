import dns2 from 'dns2';

const { Packet } = dns2;

/** A DNS server on a loopback UDP port answering TXT questions from `records` (name → records, each one or more strings). */
export interface TestDnsServer {
  /** For DNS_SERVERS: "127.0.0.1:<port>". */
  address: string;
  records: Map<string, (string | string[])[]>;
  questions: string[];
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, (string | string[])[]>();
  const questions: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase();
      questions.push(name);
      const found = records.get(name);
      if (!found) response.header.rcode = 3; // NXDOMAIN
      for (const data of found ?? []) {
        // dns2's Resource type asks for its own methods; the encoder reads these fields (TXT: one or more strings).
        const answer = { name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data };
        response.answers.push(answer as unknown as (typeof response.answers)[number]);
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses as { udp: { port: number } }).udp.port;
  return {
    address: `127.0.0.1:${port}`,
    records,
    questions,
    close: async () => {
      await server.close();
    },
  };
}
