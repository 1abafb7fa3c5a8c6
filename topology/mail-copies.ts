// Mail the topology's mail server received more than once, told apart by when. SMTP delivers at
// least once: a message the mail server took just as its sender was killed (SIGKILL), or just as
// the mail server cut the connection, was never known to its sender as sent, and is sent again.
// Such a second copy is counted apart; any other one fails the run.
import type { MailSink } from './hosts.ts';

/** A moment a message in flight may be cut off from its sender's knowing it was sent. */
export interface Cut {
  what: string;
  at: number;
}

/**
 * A second copy is one at-least-once allows when its first arrived at most this long before a
 * cut (a send's last step, marking it sent, takes milliseconds), or this little after it (the
 * copy's last bytes were already on their way).
 */
const inFlightMs = 3000;
const inFlightSkewMs = 500;

/** A row of mail_queue, as the figures read it. */
export interface QueuedRow {
  id: string;
  given_up: boolean;
}

/** The mail figures: every queued message delivered once, bar copies at-least-once allows. */
export function mailFiguresOf(
  sink: MailSink,
  cuts: readonly Cut[],
  mail: readonly QueuedRow[],
  domain: string,
) {
  const delivered = mail.filter((row) => sink.received.has(`<${row.id}@${domain}>`)).length;
  const twice = [...sink.received].filter(([, count]) => count > 1);
  const firstOf = (id: string) => sink.firstArrived.get(id) ?? 0;
  const isCutOff = (id: string) =>
    cuts.some(
      (cut) => cut.at - firstOf(id) >= -inFlightSkewMs && cut.at - firstOf(id) < inFlightMs,
    );
  const atCut = twice.filter(([id]) => isCutOff(id)).length;
  const otherwise = twice.length - atCut;
  const givenUp = mail.filter((row) => row.given_up).length;
  const figures: [string, number, boolean][] = [
    ['mail queued', mail.length, mail.length > 0],
    ['mail delivered (by Message-ID)', delivered, delivered === mail.length],
    ['mail received twice, in flight at a SIGKILL or a cut', atCut, true],
    ['mail received more than once otherwise', otherwise, otherwise === 0],
    ['mail given up', givenUp, givenUp === 0],
  ];
  return {
    figures,
    /** Each message received more than once, with where its first copy fell from each cut. */
    twice: twice.slice(0, 10).map(([id, count]) => {
      const from = cuts.map((cut) => `${cut.at - firstOf(id)} ms before ${cut.what}`);
      return `${id} ×${count}, first copy ${from.join(', ')}`;
    }),
  };
}
