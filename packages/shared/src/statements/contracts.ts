// Signed statements, proof of holdings and their public verification (issue 15 item 5).
export {};
