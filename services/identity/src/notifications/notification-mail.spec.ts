import type { NotificationView } from '@mkt/contracts';
import { notificationMail } from './notification-mail.js';

const base = { id: 1, at: '2026-11-29T00:00:00.000Z', read: false };
const every: NotificationView[] = [
  { ...base, kind: 'boardComment', boardId: 7, boardName: '春季', author: '王导', byGuest: true, excerpt: '光线很好', count: 1 },
  { ...base, kind: 'boardVote', boardId: 7, boardName: '春季', voter: '', byGuest: true, up: false, count: 1 },
  { ...base, kind: 'boardMember', boardId: 7, boardName: '春季', role: 'editor', invitedBy: '李编辑' },
  { ...base, kind: 'orderQuoted', orderId: 'o-1', orderNo: 'LS1', totalFen: 123_456 },
  { ...base, kind: 'licenceIssued', orderId: 'o-1', count: 3 },
  { ...base, kind: 'purchaseRequested', requester: '李编辑', boardName: '春季', itemCount: 2, count: 1 },
  { ...base, kind: 'purchaseDecided', approved: false, reason: '预算不足', orderId: null, orderNo: null },
];

describe('notificationMail', () => {
  it('words every kind in Chinese and English, with the link to its page', () => {
    const texts = every.map((item) => notificationMail(item, 'https://stock.example.com/').text.split('\n'));
    expect(texts.map((lines) => [lines[0], lines[1], lines[3], lines[4]])).toEqual([
      ['王导 评论了素材板“春季”：光线很好', '查看：https://stock.example.com/Board?id=7', '王导 commented on “春季”: 光线很好', 'Open: https://stock.example.com/Board?id=7'],
      ['一位访客 踩了素材板“春季”中的素材', '查看：https://stock.example.com/Board?id=7', 'A guest disliked an item on “春季”', 'Open: https://stock.example.com/Board?id=7'],
      ['李编辑 邀请您编辑素材板“春季”', '查看：https://stock.example.com/Board?id=7', '李编辑 made you an editor of the board “春季”', 'Open: https://stock.example.com/Board?id=7'],
      ['订单 LS1 已报价：¥1,234.56', '查看：https://stock.example.com/Order?id=o-1', 'Order LS1 is quoted: ¥1,234.56', 'Open: https://stock.example.com/Order?id=o-1'],
      ['授权书已生成（3 份）', '查看：https://stock.example.com/OrderList', 'Authorization files are ready (3)', 'Open: https://stock.example.com/OrderList'],
      ['李编辑 申请采购“春季”中的 2 条素材', '查看：https://stock.example.com/PurchaseRequests?tab=company', '李编辑 asks to buy 2 items of “春季”', 'Open: https://stock.example.com/PurchaseRequests?tab=company'],
      ['您的采购申请未获批准：预算不足', '查看：https://stock.example.com/PurchaseRequests', 'Your purchase request was declined: 预算不足', 'Open: https://stock.example.com/PurchaseRequests'],
    ]);
  });

  it('keeps the subject to one line of at most 200 characters', () => {
    const long = notificationMail({ ...base, kind: 'boardComment', boardId: 7, boardName: 'b', author: 'a', byGuest: false, excerpt: 'x'.repeat(400), count: 1 }, 'http://h');
    expect(long.subject.length).toBe(200);
    expect(long.subject).not.toMatch(/\n/);
  });
});
