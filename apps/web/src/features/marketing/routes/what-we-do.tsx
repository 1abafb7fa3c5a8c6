export default function Placeholder() {
  return <div className="p-8">what-we-do</div>;
}
