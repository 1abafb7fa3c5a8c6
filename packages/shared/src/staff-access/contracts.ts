// What staff did on a customer's account, for that customer (issue 15 item 4).
export {};
