interface Post {
  id: string;
  question: string;
  answer: string[];
}

const POSTS: Post[] = [
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local state lives in one component with useState or useReducer; it is the right default for anything only that component and its children need, such as an open menu or the text of an input. When siblings need the same value, lift it up to their closest common parent and pass it down as props. For values many distant components read (the theme, the signed-in user), React Context avoids passing props through every level, but every consumer re-renders when the value changes, so keep contexts small.',
      'Server state (data that lives on a server, like products and orders) is best handled by a data-fetching library such as TanStack Query or SWR, which caches, deduplicates, retries and refetches for you. Shared client state that changes often can go into a store like Redux Toolkit, Zustand or Jotai, which let components subscribe to just the slice they use. State that should survive a reload or be shareable, such as filters and the current page, belongs in the URL.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link, [[Prototype]], to another object (or null). When you read a property the object does not have itself, the engine follows that link and looks on the prototype, then on its prototype, and so on up the prototype chain until it finds the property or reaches null and returns undefined. Writing a property, by contrast, always creates or updates it on the object itself.',
      'You can set the link with Object.create(proto), or with a constructor function: objects made by new Person() get Person.prototype as their prototype, so methods defined once there are shared by every instance. The class keyword is syntax over the same mechanism: class Student extends Person makes Student.prototype inherit from Person.prototype. Object.getPrototypeOf(obj) shows the link, and obj.hasOwnProperty(key) tells own properties from inherited ones.',
    ],
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    answer: [
      'A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: it gives the unit known inputs and asserts on its output or visible behaviour, with slow or unpredictable collaborators (network, clock, database) replaced by fakes. Unit tests run in milliseconds, so a suite of hundreds runs on every save and in continuous integration. In a React app, tools such as Vitest or Jest with Testing Library render a component and interact with it the way a user would.',
      'We write them because they catch regressions the moment a change breaks existing behaviour, make refactoring safe, and document how the code is meant to be used. Writing a test also pushes the design toward small units with clear inputs and outputs. They do not replace integration and end-to-end tests, which check that the pieces work together, but they make those rarer failures much easier to find.',
    ],
  },
  {
    id: 'react-angular-vue',
    question: 'React vs. Angular vs. Vue?',
    answer: [
      'React is a library for building user interfaces from components written in JSX. It focuses on rendering; routing, data fetching and forms come from the ecosystem (React Router, TanStack Query, React Hook Form), which gives freedom but asks you to choose. Angular is a complete framework from Google built on TypeScript, with dependency injection, a router, forms, an HTTP client and a CLI included; it is opinionated and consistent, which suits large teams, at the cost of a steeper learning curve.',
      'Vue sits between the two: a progressive framework with HTML-based single-file components, a reactivity system that tracks dependencies automatically, and official packages for routing (Vue Router) and state (Pinia). It is often the easiest to learn. All three are fast and production-ready; pick React for its ecosystem and hiring pool, Angular for an all-in-one, strongly structured enterprise setup, and Vue for approachability and a gentle path from small to large apps.',
    ],
  },
];

/** /blog: four static question-and-answer cards (docs/product.md#screens-and-routes). */
export function BlogPage() {
  return (
    <section aria-labelledby="blog-title" className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 id="blog-title" className="text-3xl font-bold">
          Blog
        </h1>
        <p className="text-base-content/70">Questions and answers about web development.</p>
      </div>
      {POSTS.map((post) => (
        <article
          key={post.id}
          id={post.id}
          aria-labelledby={`${post.id}-q`}
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body gap-3">
            <h2 id={`${post.id}-q`} className="card-title text-xl">
              {post.question}
            </h2>
            {post.answer.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed text-base-content/90">
                {paragraph}
              </p>
            ))}
          </div>
        </article>
      ))}
    </section>
  );
}
