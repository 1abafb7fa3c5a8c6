export default function Placeholder() {
  return <div className="p-8">about</div>;
}
