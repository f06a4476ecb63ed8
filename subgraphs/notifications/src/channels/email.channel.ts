import { basename } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailRecipient, EmailSender } from '../jobs/job.processor.js';
import type { StoredJob } from '../jobs/job.repository.js';
import { renderEmail } from './email-template.js';

export interface EmailChannelDependencies {
  smtpUrl: string;
  /** The sender of every message (MAIL_FROM). */
  from: string;
}

/** E-mail through SMTP (SMTP_URL); the HTML is rendered from emailTemplate and the recipient's context. */
export class EmailChannel implements EmailSender {
  private readonly transport: Transporter;

  constructor(private readonly deps: EmailChannelDependencies) {
    this.transport = nodemailer.createTransport(deps.smtpUrl);
  }

  async send(job: StoredJob, recipient: EmailRecipient): Promise<void> {
    const { request } = job;
    const context = {
      message: request.message,
      title: request.title,
      targetLink: request.targetLink,
      targetText: request.targetText,
      ...recipient.context,
    };
    await this.transport.sendMail({
      from: this.deps.from,
      to: recipient.email,
      subject: request.title ?? request.message.slice(0, 120),
      text: request.message,
      html: renderEmail(request.emailTemplate, context),
      attachments: (request.emailAttachments ?? []).map((url) => ({
        filename: basename(new URL(url).pathname) || 'attachment',
        path: url,
      })),
      headers: { 'X-Notification-Job': job.id },
    });
  }

  close(): void {
    this.transport.close();
  }
}
