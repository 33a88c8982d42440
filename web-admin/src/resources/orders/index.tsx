import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

export default {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptLongIcon,
  recordRepresentation: (record: { orderNo: string }) => record.orderNo,
};
