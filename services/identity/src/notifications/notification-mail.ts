import { formatFen, notificationPath, type NotificationView } from '@mkt/contracts';

type Language = 'zh' | 'en';

/** One sentence a notification, in each language, worded as the header's panel words it. */
function sentence(item: NotificationView, language: Language): string {
  const zh = language === 'zh';
  switch (item.kind) {
    case 'boardComment':
      if (item.count > 1) return zh ? `素材板“${item.boardName}”有 ${item.count} 条新评论，最新：${item.excerpt}` : `${item.count} new comments on “${item.boardName}”, the latest: ${item.excerpt}`;
      return zh ? `${item.author || '一位成员'} 评论了素材板“${item.boardName}”：${item.excerpt}` : `${item.author || 'A member'} commented on “${item.boardName}”: ${item.excerpt}`;
    case 'boardVote': {
      if (item.count > 1) return zh ? `素材板“${item.boardName}”有 ${item.count} 个新投票` : `${item.count} new votes on “${item.boardName}”`;
      const voter = item.voter || (zh ? (item.byGuest ? '一位访客' : '一位成员') : item.byGuest ? 'A guest' : 'A member');
      if (zh) return `${voter} ${item.up ? '赞' : '踩'}了素材板“${item.boardName}”中的素材`;
      return `${voter} ${item.up ? 'liked' : 'disliked'} an item on “${item.boardName}”`;
    }
    case 'boardMember':
      if (item.role === 'editor') return zh ? `${item.invitedBy} 邀请您编辑素材板“${item.boardName}”` : `${item.invitedBy} made you an editor of the board “${item.boardName}”`;
      return zh ? `${item.invitedBy} 把素材板“${item.boardName}”分享给了您` : `${item.invitedBy} shared the board “${item.boardName}” with you`;
    case 'orderQuoted':
      return zh ? `订单 ${item.orderNo} 已报价：${formatFen(item.totalFen)}` : `Order ${item.orderNo} is quoted: ${formatFen(item.totalFen)}`;
    case 'licenceIssued':
      return zh ? `授权书已生成（${item.count} 份）` : `Authorization files are ready (${item.count})`;
    case 'purchaseRequested':
      return zh ? `${item.requester} 申请采购“${item.boardName}”中的 ${item.itemCount} 条素材` : `${item.requester} asks to buy ${item.itemCount} items of “${item.boardName}”`;
    case 'purchaseDecided':
      if (item.approved && item.orderNo) return zh ? `您的采购申请已批准，询价单 ${item.orderNo}` : `Your purchase request was approved: quote request ${item.orderNo}`;
      if (item.approved) return zh ? '您的采购申请已批准，音乐订单待付款' : 'Your purchase request was approved: the music order is ready to pay';
      return zh ? `您的采购申请未获批准：${item.reason}` : `Your purchase request was declined: ${item.reason}`;
  }
}

/**
 * The mail of a notification, in Chinese then English (an account has no language of its own
 * on the server), with the link that opens the page it is about and how to stop these mails.
 */
export function notificationMail(item: NotificationView, publicUrl: string): { subject: string; text: string } {
  const link = `${publicUrl.replace(/\/$/, '')}${notificationPath(item)}`;
  return {
    subject: `流明素材新通知 / Lumen Stock: ${sentence(item, 'en')}`.replace(/\s+/g, ' ').slice(0, 200),
    text: [
      sentence(item, 'zh'),
      `查看：${link}`,
      '',
      sentence(item, 'en'),
      `Open: ${link}`,
      '',
      '不想再收到通知邮件？在页头的通知面板中取消“未读通知同时发送邮件”。',
      'No more of these mails: turn off “E-mail me what stays unread” in the notifications panel of the header.',
    ].join('\n'),
  };
}
