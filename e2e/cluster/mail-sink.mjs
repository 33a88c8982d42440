import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The SMTP relay of the cluster's Secret (SMTP_URL), keeping what it receives, and the users' inbox:
 * `GET /messages?to=<address>` answers the messages to that address, newest first, as JSON.
 */
export async function startMailSink({ host, smtpPort, inboxPort }) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const to of session.envelope.rcptTo) messages.unshift({ to: to.address.toLowerCase(), subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => smtp.listen(smtpPort, host, (error) => (error ? reject(error) : resolve())));
  const inbox = createServer((request, response) => {
    const to = new URL(request.url, 'http://inbox').searchParams.get('to')?.toLowerCase();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages.filter((message) => message.to === to)));
  });
  await new Promise((resolve) => inbox.listen(inboxPort, host, resolve));
  return {
    messages,
    async stop() {
      await new Promise((resolve) => smtp.close(resolve));
      await new Promise((resolve) => inbox.close(resolve));
    },
  };
}
