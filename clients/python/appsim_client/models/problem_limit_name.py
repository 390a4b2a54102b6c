from enum import StrEnum

class ProblemLimitName(StrEnum):
    BACKGROUNDTASKS = "backgroundTasks"
    MEMORYBYTES = "memoryBytes"
    SCENES = "scenes"

    def __str__(self) -> str:
        return str(self.value)
