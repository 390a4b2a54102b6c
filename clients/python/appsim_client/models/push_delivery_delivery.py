from enum import StrEnum

class PushDeliveryDelivery(StrEnum):
    DELIVERED = "delivered"
    DROPPED = "dropped"
    LAUNCHED = "launched"
    SHOWN = "shown"
    WOKEN = "woken"

    def __str__(self) -> str:
        return str(self.value)
