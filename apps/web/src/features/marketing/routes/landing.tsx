export default function Placeholder() {
  return <div className="p-8">landing</div>;
}
